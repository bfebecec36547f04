import { describe, expect, it } from 'vitest';
import { addButtonShown } from './AppLayout';

describe('the floating add button', () => {
  it('is for signed-in users on their pages', () => {
    expect(addButtonShown(true, '/categories')).toBe(true);
    expect(addButtonShown(true, '/profile')).toBe(true);
    expect(addButtonShown(false, '/categories')).toBe(false);
  });

  it('stays off the workspace and the save page, an add dialog itself (issue 32)', () => {
    expect(addButtonShown(true, '/teams/workspace')).toBe(false);
    expect(addButtonShown(true, '/save')).toBe(false);
  });
});
