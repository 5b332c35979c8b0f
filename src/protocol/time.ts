/**
 * The protocol's time of day: UTC, `YYYY-MM-DD HH:MM:SS` (the spec's `tm`, `lastupdate` and
 * the like). Every domain that answers a time writes it with this one function.
 */
export const formatTime = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
