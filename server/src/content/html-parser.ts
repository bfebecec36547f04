import { createRequire } from 'node:module';
import type * as Htmlparser2 from 'htmlparser2';

const require = createRequire(import.meta.url);
let loaded: typeof Htmlparser2 | undefined;

/**
 * htmlparser2, loaded on its first use: an idle server reads no HTML, and the parser's modules were
 * 2.3 MB of its resident memory (issue 27: `npm start` idle within 150 MB). `require` keeps the
 * callers synchronous, as a dynamic import would not.
 */
export const htmlparser2 = (): typeof Htmlparser2 => (loaded ??= require('htmlparser2') as typeof Htmlparser2);
