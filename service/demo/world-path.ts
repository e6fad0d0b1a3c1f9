import { fileURLToPath } from 'node:url';

/** The demo world's token (company 1), as the README gives it. */
export const DEMO_TOKEN = 'foyer-demo-token';
/** resources/demo/world.json, from the sources as from the bundled main process (out/main/). */
export const DEMO_WORLD_PATH = fileURLToPath(new URL('../../resources/demo/world.json', import.meta.url));
