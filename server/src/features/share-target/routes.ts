import type { Request } from 'express';
import { Router } from 'express';
import busboy from 'busboy';
import { pickSharedLink, savePageUrl, shareTargetFields, shareTargetPath } from '@linkhive/shared/domain';

type SharedFields = Partial<Record<keyof typeof shareTargetFields, string>>;

/** Shared text is a sentence or a page's selection, not a document: more is cut, and the link is looked for in the rest. */
const fieldBytes = 64 * 1024;
/** A declared body past this is not read at all: three fields never come near it. */
const bodyBytes = 1024 * 1024;
const wanted = new Set<string>(Object.values(shareTargetFields));

/**
 * The share sheet's form, multipart as the manifest declares it or urlencoded (busboy reads both).
 * Files are not asked for and are drained unread; a body that is no form at all is an empty share.
 */
function readSharedForm(req: Request): Promise<SharedFields> {
  return new Promise((resolve) => {
    const fields: SharedFields = {};
    if (Number(req.headers['content-length']) > bodyBytes) return resolve(fields);
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { fields: 10, fieldSize: fieldBytes, files: 0, parts: 20 } });
    } catch {
      // No or another content type: nothing was shared that could be read, which the page says.
      req.resume();
      return resolve(fields);
    }
    bb.on('field', (name, value) => {
      if (wanted.has(name) && !(name in fields)) fields[name as keyof SharedFields] = value;
    });
    bb.on('file', (_name, stream) => stream.resume());
    // A broken body keeps what was read before it broke: the page then offers that, or says nothing was found.
    bb.on('error', () => resolve(fields));
    bb.on('close', () => resolve(fields));
    req.pipe(bb);
  });
}

/**
 * POST /share-target, the installed app's Web Share Target action. Any site can make a browser post
 * this form, so it writes nothing: it answers 303 to the save page with the link it found, where the
 * signed-in user confirms in the Add Link dialog (a signed-out one signs in first, the page's address
 * kept as the way back). No session is read here, so the answer is the same for everyone.
 */
export function shareTargetRoutes(): Router {
  const r = Router();
  r.post(shareTargetPath, async (req, res) => {
    const shared = pickSharedLink(await readSharedForm(req));
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, savePageUrl(shared));
  });
  return r;
}
