import { shareTargetFields, shareTargetPath } from '@linkhive/shared/domain';
import { describe, expect, it } from 'vitest';
import { shareTarget } from './shareTarget';

describe('the manifest’s share_target', () => {
  it('posts the title, text and url fields as a multipart form to the path the server handles', () => {
    expect(shareTarget).toEqual({
      action: shareTargetPath,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: shareTargetFields,
    });
  });
});
