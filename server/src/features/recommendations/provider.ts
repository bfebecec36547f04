import type { RecommendationSource } from '@linkhive/shared/domain';

/** One AI provider: asks for `count` sites related to a domain and hands back the model's raw text. */
export interface Provider {
  source: Exclude<RecommendationSource, 'local'>;
  model: string;
  count: number;
  /** Loads the SDK, so that its first import is not counted against the provider's timeout. */
  prepare(): Promise<void>;
  /** The model's text, unchecked (parse.ts checks it); rejects on HTTP errors, timeouts and refusals. */
  ask(domain: string, region: string | undefined, opts: { signal: AbortSignal; timeoutMs: number }): Promise<string>;
}

export interface ProviderSettings {
  apiKey: string | null;
  baseUrl: string | null;
  model: string;
}
