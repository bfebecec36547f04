import type { GoogleGenAI } from '@google/genai';
import { recommendationMessages, recommendationRules } from '@linkhive/shared/domain';
import { cappedFetch } from './capped-fetch.js';
import { ProviderAnswerError, type Provider, type ProviderSettings } from './provider.js';

export const geminiDefaults = { model: 'gemini-1.5-pro', temperature: 0.2, maxOutputTokens: 8192 } as const;

/** The generative-language provider (spec 7), through the official SDK; null without a key (skipped). */
export function geminiProvider(settings: ProviderSettings): Provider | null {
  const { apiKey, baseUrl, model } = settings;
  if (!apiKey) return null;
  let client: Promise<GoogleGenAI> | null = null;
  // Loaded on first use: servers without recommendations never pay for the SDK.
  const connect = async () => {
    const { GoogleGenAI: Sdk } = await import('@google/genai');
    // v1beta, as Google documents generateContent (the SDK's own default has moved between versions).
    // The SDK does not retry without retryOptions: a failure ends this provider's turn at once.
    return new Sdk({
      apiKey,
      apiVersion: 'v1beta',
      httpOptions: { baseUrl: baseUrl ?? undefined, fetch: cappedFetch() },
    });
  };
  return {
    source: 'gemini',
    model,
    count: recommendationRules.geminiCount,
    async prepare() {
      client ??= connect();
      await client;
    },
    async ask(prompt, { signal, timeoutMs }) {
      client ??= connect();
      const sdk = await client;
      const answer = await sdk.models.generateContent({
        model,
        contents: prompt,
        config: {
          temperature: geminiDefaults.temperature,
          maxOutputTokens: geminiDefaults.maxOutputTokens,
          abortSignal: signal,
          httpOptions: { timeout: timeoutMs },
        },
      });
      if (!answer.candidates?.length) throw new ProviderAnswerError(recommendationMessages.geminiNoCandidates);
      const parts = answer.candidates[0]?.content?.parts ?? [];
      return parts.map((p) => p.text ?? '').join('');
    },
  };
}
