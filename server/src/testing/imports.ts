import type { ImportProgress } from '@linkhive/shared/domain';
import type { Agent, Reply } from './harness.js';

/** POST /api/import of a file as the import page sends it: fields first, then the file. */
export function postImportFile(
  a: Agent,
  data: Uint8Array,
  name: string,
  fields: Record<string, string> = {},
): Promise<Reply<ImportProgress & { error: any }>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)], { type: 'text/html' }), name);
  return a.send('POST', '/api/import', form);
}

/** Polls the job as a client does until it is no longer running. */
export async function waitForImport(a: Agent, jobId: string): Promise<ImportProgress> {
  for (;;) {
    const res = await a.get<ImportProgress>(`/api/import/${jobId}`);
    if (res.status !== 200) throw new Error(`progress answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (res.body.status !== 'running') return res.body;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Uploads a file and waits for the job's end; a refusal is returned as the POST's reply. */
export async function importFile(a: Agent, data: Uint8Array, name: string, fields: Record<string, string> = {}) {
  const res = await postImportFile(a, data, name, fields);
  if (res.status !== 202) return { status: res.status, body: res.body as any, job: null };
  const job = await waitForImport(a, res.body.jobId);
  return { status: res.status, body: res.body, job };
}
