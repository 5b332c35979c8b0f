/** Spec part 2 §9: a pasted image is at most 300 px wide, re-encoded as JPEG quality 0.8. */
export const PASTED_MAX_WIDTH = 300;
export const PASTED_JPEG_QUALITY = 0.8;

/** The size an image is drawn at: never wider than `max`, proportions kept, never enlarged. */
export function fitWidth(width: number, height: number, max = PASTED_MAX_WIDTH) {
  if (width <= max) return { width, height };
  return { width: max, height: Math.max(1, Math.round((height * max) / width)) };
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('not an image'));
    };
    img.src = url;
  });
}

/** Scales an image file down to `max` px wide (300 in chat, 640 on create-image) as a JPEG data URL. */
export async function scaleImage(file: Blob, max = PASTED_MAX_WIDTH): Promise<string> {
  const img = await loadImage(file);
  const size = fitWidth(img.naturalWidth || img.width, img.naturalHeight || img.height, max);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  // JPEG has no transparency: a pasted PNG with a clear background gets white, not black.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.drawImage(img, 0, 0, size.width, size.height);
  return canvas.toDataURL('image/jpeg', PASTED_JPEG_QUALITY);
}

/** The first image among pasted or dropped items, if any. */
export function imageFrom(items: DataTransfer | null): File | null {
  if (!items) return null;
  for (const f of Array.from(items.files ?? [])) if (f.type.startsWith('image/')) return f;
  for (const it of Array.from(items.items ?? [])) {
    if (it.kind === 'file' && it.type.startsWith('image/')) {
      const f = it.getAsFile();
      if (f) return f;
    }
  }
  return null;
}
