import type { RecommendationSource } from '@linkhive/shared/domain';

// The AI providers behind one small adapter each (issue 29): the official SDK, loaded on first use,
// no retries, a timeout and a capped answer. What to ask and how to read the answer belong to the
// feature (features/recommendations: prompt.ts, parse.ts).

/** A provider's answer that cannot be used; the message is the spec's internal text, logged, never shown. */
export class ProviderAnswerError extends Error {}

/** One AI provider: sends a prompt asking for `count` items and hands back the model's raw text. */
export interface Provider {
  source: Exclude<RecommendationSource, 'local'>;
  model: string;
  count: number;
  /** Loads the SDK, so that its first import is not counted against the provider's timeout. */
  prepare(): Promise<void>;
  /** The model's text, unchecked (parse.ts checks it); rejects on HTTP errors, timeouts and refusals. */
  ask(prompt: string, opts: { signal: AbortSignal; timeoutMs: number }): Promise<string>;
}

export interface ProviderSettings {
  apiKey: string | null;
  baseUrl: string | null;
  model: string;
}
