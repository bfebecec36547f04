import { describe, expect, it } from 'vitest';
import { viewsOf } from './viewsOf';

async function all<V>(views: AsyncIterable<V>): Promise<V[]> {
  const seen: V[] = [];
  for await (const view of views) seen.push(view);
  return seen;
}

describe('viewsOf', () => {
  it('yields every view the flow shows, in order, shown at once or later, and ends with the flow', async () => {
    const views = viewsOf<string>(async (show) => {
      show('checking');
      show('form');
      await new Promise((resolve) => setTimeout(resolve, 1));
      show('saved');
    });
    expect(await all(views)).toEqual(['checking', 'form', 'saved']);
  });

  it('ends after the views shown before a flow that throws', async () => {
    const views = viewsOf<string>(async (show) => {
      show('checking');
      throw new Error('the server went away');
    });
    expect(await all(views)).toEqual(['checking']);
  });

  it('ends with no views for a flow that shows none', async () => {
    expect(await all(viewsOf<string>(async () => {}))).toEqual([]);
  });
});
