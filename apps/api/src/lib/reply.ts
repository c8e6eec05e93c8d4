/** An answer in the success envelope; reads carry the plain 'OK' message the spec gives them. */
export const ok = <T>(data: T, message = 'OK') => ({ status: true as const, message, data });
