import type { RequestHandler } from 'express';
import { extensionMessages, extensionVersionHeader, isSupportedExtensionVersion } from '@linkhive/shared/domain';
import { AppError } from './errors.js';

/**
 * The extension names its version on every request. One that is older than the API still serves
 * hears so, with 426 and a message it shows as it is, instead of failing on answers it cannot read.
 * Requests without the header (the web app, scripts) pass untouched.
 */
export function extensionVersionCheck(minimum?: string): RequestHandler {
  return (req, _res, next) => {
    const given = req.get(extensionVersionHeader);
    if (given === undefined || isSupportedExtensionVersion(given, minimum)) return next();
    next(new AppError(426, 'extension_outdated', extensionMessages.outdated));
  };
}
