import type { Config } from '../../config.js';
import { geminiProvider } from './gemini.js';
import { openaiProvider } from './openai.js';
import type { Provider } from './provider.js';

/** The providers with a key, in the spec's order: the chat-completion one first, then Gemini. */
export function recommendationProviders(settings: Config['recommendations']): Provider[] {
  return [openaiProvider(settings.openai), geminiProvider(settings.gemini)].filter((p): p is Provider => p !== null);
}
