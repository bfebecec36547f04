import { ApiError, networkErrorMessage } from '@linkhive/shared/api';
import type { ApiErrorBody, ImportProgress } from '@linkhive/shared/domain';
import { httpMessages, importMessages } from '@linkhive/shared/domain';

export interface UploadRequest {
  file: File;
  overwrite: boolean;
  /** Bytes sent so far, for the upload bar; fetch cannot report this, which is why this is an XHR. */
  onUploadProgress?: (sent: number, total: number) => void;
  /** Called once the last byte is sent: from then on the server is reading and saving. */
  onUploaded?: () => void;
  signal?: AbortSignal;
}

/**
 * POST /api/import as multipart; answers the job the server made for it (202), to follow with
 * GET /api/import/:jobId. The overwrite field goes before the file, as the server reads the form
 * while it streams in. Same origin, so the session cookie and the Origin header go with it.
 */
export function uploadImport({ file, overwrite, onUploadProgress, onUploaded, signal }: UploadRequest) {
  return new Promise<ImportProgress>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The import was cancelled', 'AbortError'));
    const form = new FormData();
    form.append('overwrite', String(overwrite));
    form.append('file', file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/import');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => onUploadProgress?.(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.upload.onload = () => onUploaded?.();
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as ImportProgress);
      reject(toApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', networkErrorMessage));
    xhr.onabort = () => reject(new DOMException('The import was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function toApiError(status: number, body: unknown): ApiError {
  const err = (body as ApiErrorBody | undefined)?.error;
  if (err) return new ApiError(status, err.code, err.message, err.field);
  // A proxy in front of the server may refuse a large body with a page of its own.
  if (status === 413) return new ApiError(status, 'too_large', importMessages.tooLarge, 'file');
  return new ApiError(status, 'http_error', httpMessages.internal);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
