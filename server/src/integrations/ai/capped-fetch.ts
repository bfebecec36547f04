import { recommendationMessages } from '@linkhive/shared/domain';
import { ProviderAnswerError } from './provider.js';

/** A provider's whole HTTP answer may be this big; the SDKs would otherwise read any size into memory. */
export const maxAnswerBytes = 1_500_000;

/**
 * fetch for the SDKs: reads the answer body up to `limit` bytes and refuses the rest, so that a
 * 10 MB answer costs at most `limit` bytes of memory and is dropped as soon as it is seen.
 */
export function cappedFetch(limit = maxAnswerBytes): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    if (!res.body) return res;
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw new ProviderAnswerError(recommendationMessages.fetchError(`answer over ${limit} bytes`));
      }
      chunks.push(value);
    }
    return new Response(Buffer.concat(chunks), {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  };
}
