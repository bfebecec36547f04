// @vitest-environment jsdom
import { ApiError } from '@linkhive/shared/api';
import type { ImportProgress, ImportResult } from '@linkhive/shared/domain';
import { importMaxBytes, importMessages } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadOptions } from '@linkhive/shared/api';
import { api } from '../../api';
import { fakeServer, makeMe } from '../../testing/renderApp';
import { renderApp } from '../../testing/renderApp';
import { expectShown } from '@linkhive/shared/testing';

// The upload itself (an XMLHttpRequest with progress) is the shared client's, tested there.
const uploadImport = vi.spyOn(api.imports, 'fromFile');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  uploadImport.mockReset();
});

const jobPath = 'GET /api/import/00000000-0000-4000-8000-000000000001';

const result = (over: Partial<ImportResult> = {}): ImportResult => ({
  jobId: '00000000-0000-4000-8000-000000000001',
  total: 20,
  imported: 18,
  overwritten: 3,
  skippedExisting: 2,
  skippedNotWeb: 4,
  skippedTooLong: 0,
  duplicatesInFile: 1,
  folders: 5,
  message: '',
  ...over,
});

/** The job the server answers and reports, running until told otherwise. */
const job = (over: Partial<ImportProgress> = {}): ImportProgress => ({
  jobId: '00000000-0000-4000-8000-000000000001',
  status: 'running',
  phase: 'saving',
  total: 20,
  processed: 0,
  result: null,
  error: null,
  ...over,
});

const htmlFile = (name = 'bookmarks.html') =>
  new File(['<!DOCTYPE NETSCAPE-Bookmark-file-1>'], name, { type: 'text/html' });

async function openImport(handlers: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({ 'GET /api/auth/me': () => ({ status: 200, body: makeMe() }), ...handlers });
  const view = renderApp('/import-bookmarks');
  await screen.findByRole('heading', { level: 1, name: 'Import Bookmarks' });
  return { ...server, ...view };
}

function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Import' }));

describe('import page', () => {
  it('offers the picker for .html and .htm files, the overwrite option and the export guide', async () => {
    await openImport();
    expect(screen.getByRole('button', { name: 'Choose file' })).toHaveProperty('disabled', false);
    expect(document.querySelector('input[type="file"]')!.getAttribute('accept')).toBe('.html,.htm');
    expect(screen.getByRole('checkbox', { name: 'Overwrite existing bookmarks' })).toHaveProperty('checked', false);
    expect(screen.getByRole('link', { name: 'How to export your bookmarks' }).getAttribute('href')).toBe(
      '/export-bookmarks',
    );
  });

  it('asks for a file, refuses other types and files over 25 MB, and sends none of them', async () => {
    await openImport();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(importMessages.fileRequired);

    choose(new File(['{}'], 'pocket.csv', { type: 'text/csv' }));
    expect((await screen.findByRole('alert')).textContent).toBe(importMessages.htmlRequired);
    // The message is read out with the button that chooses the file.
    const describedBy = screen.getByRole('button', { name: 'Choose file' }).getAttribute('aria-describedby')!;
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
      importMessages.htmlRequired,
    );

    const big = htmlFile();
    Object.defineProperty(big, 'size', { value: importMaxBytes + 1 });
    choose(big);
    expect((await screen.findByRole('alert')).textContent).toBe(importMessages.tooLarge);
    submit();

    choose(htmlFile('Bookmarks.HTM'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expectShown(screen.getByText('Bookmarks.HTM (1 KB)'));
    expect(uploadImport).not.toHaveBeenCalled();
  });

  it('uploads, follows the job the server made, then shows the notice and the counts, and opens the categories after a second', async () => {
    let answerUpload: (job: ImportProgress) => void = () => {};
    uploadImport.mockImplementation(
      (_file: File, _overwrite: boolean, opts: UploadOptions = {}) =>
        new Promise<ImportProgress>((resolve) => {
          opts.onUploadProgress?.(512, 1024);
          answerUpload = resolve;
        }),
    );
    let answer = job({ processed: 5 });
    const { calls, location } = await openImport({ [jobPath]: () => ({ status: 200, body: answer }) });
    const file = htmlFile();
    choose(file);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Overwrite existing bookmarks' }));
    submit();

    expectShown(await screen.findByText('Uploading 50%'));
    const [sentFile, overwrite, request = {}] = uploadImport.mock.calls[0]!;
    expect([sentFile, overwrite]).toEqual([file, true]);
    // The job is followed once the server has answered it.
    expect(calls.some((c) => c.url.startsWith('/api/import/'))).toBe(false);
    request.onUploaded?.();
    answerUpload(job({}));
    expectShown(await screen.findByText('Saving 5 of 20'));
    expect(screen.getByRole('progressbar', { name: 'Saving 5 of 20' }).getAttribute('aria-valuenow')).toBe('25');

    answer = job({ status: 'done', phase: 'done', processed: 20, result: result() });
    const status = await screen.findByRole('status', {}, { timeout: 3000 });
    expect(status.textContent).toContain(importMessages.success(18, true));
    expect(status.textContent).toContain('18 bookmarks have been imported and overwritten successfully');
    for (const text of ['Imported18', 'Replaced existing bookmarks (kept in the trash)3', 'Skipped, already saved2']) {
      expect(status.textContent!.replace(/\s/g, '')).toContain(text.replace(/\s/g, ''));
    }
    expect((await screen.findByTestId('notification')).textContent).toContain(importMessages.success(18, true));
    expect(location().pathname).toBe('/import-bookmarks');
    await waitFor(() => expect(location().pathname).toBe('/categories'), { timeout: 3000 });
  });

  it('says a re-import that added nothing found everything already saved, not a green 0 (issue 26)', async () => {
    uploadImport.mockImplementation(async (_file: File, _overwrite: boolean, opts: UploadOptions = {}) => {
      opts.onUploaded?.();
      return job({});
    });
    const again = result({ total: 20, imported: 0, overwritten: 0, skippedExisting: 20 });
    await openImport({
      [jobPath]: () => ({ status: 200, body: job({ status: 'done', phase: 'done', result: again }) }),
    });
    choose(htmlFile());
    submit();
    const status = await screen.findByRole('status', {}, { timeout: 3000 });
    const title = 'Everything in this file was already saved: no bookmarks were added.';
    expect(status.querySelector('.MuiAlertTitle-root')?.textContent).toBe(title);
    expect(status.textContent).not.toContain(importMessages.success(0, false));
    expect(status.className).toContain('MuiAlert-colorInfo');
    expect(status.textContent!.replace(/\s/g, '')).toContain('Skipped,alreadysaved20');
    expect((await screen.findByTestId('notification')).textContent).toContain(title);
  });

  it('shows why a job the server accepted then failed, and keeps the user on the page', async () => {
    uploadImport.mockResolvedValue(job());
    const failed = job({
      status: 'failed',
      processed: 20,
      error: { code: 'import_failed', message: importMessages.failed },
    });
    const { location } = await openImport({ [jobPath]: () => ({ status: 200, body: failed }) });
    choose(htmlFile());
    submit();
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(importMessages.failed);
    expect(location().pathname).toBe('/import-bookmarks');
  });

  it("shows 'Invalid File' with the syntax message for a file without the bookmark marker", async () => {
    uploadImport.mockRejectedValue(new ApiError(400, 'invalid_file', importMessages.invalidSyntax, 'file'));
    const { location } = await openImport();
    choose(htmlFile('pocket.html'));
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(importMessages.invalidTitle + importMessages.invalidSyntax);
    expect(screen.getByText(importMessages.invalidTitle).className).toContain('AlertTitle');
    expect(location().pathname).toBe('/import-bookmarks');
    // The user can pick another file and try again.
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', false);
    choose(htmlFile('chrome.html'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it("shows the server's message for any other refusal", async () => {
    uploadImport.mockRejectedValue(new ApiError(413, 'too_large', importMessages.tooLarge, 'file'));
    await openImport();
    choose(htmlFile());
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(importMessages.tooLarge);
  });
});
