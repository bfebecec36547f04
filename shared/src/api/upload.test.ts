// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importMessages } from '../domain/index.js';
import { ApiError, createApiClient } from './client.js';

/** Just enough of XMLHttpRequest to see what is sent and to answer it. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  withCredentials = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  answer(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

const file = new File(['<!DOCTYPE NETSCAPE-Bookmark-file-1>'], 'bookmarks.html', { type: 'text/html' });

const api = createApiClient();
const uploadImport = ({
  file,
  overwrite,
  ...opts
}: { file: File; overwrite: boolean } & Parameters<typeof api.imports.fromFile>[2]) =>
  api.imports.fromFile(file, overwrite, opts);

/** The request the client has sent: it sends once its part of the contract has loaded (a write loads it first). */
const sent = () =>
  vi.waitFor(() => {
    if (!FakeXhr.last?.body) throw new Error('nothing sent yet');
    return FakeXhr.last;
  });

describe('the import upload, with its progress', () => {
  beforeEach(() => {
    FakeXhr.last = null;
  });

  it('posts overwrite before the file, reports bytes and the end of the upload, and answers the job', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress = vi.fn();
    const uploaded = vi.fn();
    const done = uploadImport({ file, overwrite: true, onUploadProgress: progress, onUploaded: uploaded });
    const xhr = await sent();
    expect([xhr.method, xhr.url, xhr.withCredentials]).toEqual(['POST', '/api/import', true]);
    expect([...xhr.body!.keys()]).toEqual(['overwrite', 'file']);
    expect(xhr.body!.get('overwrite')).toBe('true');
    expect((xhr.body!.get('file') as File).name).toBe('bookmarks.html');

    xhr.upload.onprogress!({ loaded: 10, total: 35, lengthComputable: true } as ProgressEvent);
    expect(progress).toHaveBeenCalledWith(10, 35);
    xhr.upload.onload!();
    expect(uploaded).toHaveBeenCalled();
    const job = { jobId: 'j1', status: 'running', phase: 'reading', total: 3, processed: 0, result: null, error: null };
    xhr.answer(202, job);
    await expect(done).resolves.toEqual(job);
  });

  it("turns the server's error body into an ApiError with its code", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadImport({ file, overwrite: false });
    (await sent()).answer(400, {
      error: { code: 'invalid_file', message: importMessages.invalidSyntax, field: 'file' },
    });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_file', message: importMessages.invalidSyntax });
  });

  it('says the file is too large when a proxy refuses it without a JSON body', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadImport({ file, overwrite: false });
    (await sent()).answer(413);
    await expect(done).rejects.toMatchObject({ status: 413, message: importMessages.tooLarge });
  });

  it('reports a network failure with the client’s message', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadImport({ file, overwrite: false });
    (await sent()).onerror!();
    await expect(done).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
