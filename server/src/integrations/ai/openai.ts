import type OpenAI from 'openai';
import { recommendationRules } from '@linkhive/shared/domain';
import { cappedFetch } from './capped-fetch.js';
import type { Provider, ProviderSettings } from './provider.js';

export const openaiDefaults = { model: 'gpt-3.5-turbo', temperature: 0.2, maxTokens: 4096 } as const;

/** The chat-completion provider (spec 7), through the official SDK; null without a key (skipped). */
export function openaiProvider(settings: ProviderSettings): Provider | null {
  const { apiKey, baseUrl, model } = settings;
  if (!apiKey) return null;
  let client: Promise<OpenAI> | null = null;
  // Loaded on first use: servers without recommendations never pay for the SDK.
  const connect = async () => {
    const { default: Sdk } = await import('openai');
    // No retries: a failure goes to the next provider at once rather than spending the timeout here.
    return new Sdk({ apiKey, baseURL: baseUrl ?? undefined, maxRetries: 0, fetch: cappedFetch() });
  };
  return {
    source: 'openai',
    model,
    count: recommendationRules.openaiCount,
    async prepare() {
      client ??= connect();
      await client;
    },
    async ask(prompt, { signal, timeoutMs }) {
      client ??= connect();
      const sdk = await client;
      const answer = await sdk.chat.completions.create(
        {
          model,
          temperature: openaiDefaults.temperature,
          max_tokens: openaiDefaults.maxTokens,
          messages: [{ role: 'user', content: prompt }],
        },
        { signal, timeout: timeoutMs },
      );
      return answer.choices?.[0]?.message?.content ?? '';
    },
  };
}
