// Shared with the create-image screen (640 px there); kept here so chat's imports stand.
export * from '../../shared/files/scale-image.ts';
