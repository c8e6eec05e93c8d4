import { fileURLToPath } from 'node:url';

// This file sits directly in src/ and the bundle in dist/, so both resolve alike.
/** Folder of the committed SQL migrations. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../drizzle', import.meta.url));
/** Folder of the built web app. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
