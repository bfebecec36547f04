// The import boundaries of eslint.config.js, each shown failing on a deliberate bad import in a
// fake file of the folder it guards, and passing on the imports that folder may make.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });

/** Lints one import as if it were written in `file`; the import is re-exported so nothing is unused. */
async function lintImport(file: string, from: string) {
  const code = `import * as m from '${from}';\nexport { m };\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

const refused = (ruleMessage: string) => [
  { ruleId: 'no-restricted-imports', message: expect.stringContaining(ruleMessage) },
];

describe('import boundaries', () => {
  it.each([
    ['web/src/layout/Bad.tsx', '../../../server/src/app.js'],
    ['web/src/features/bookmarks/Bad.tsx', '../../../../server/src/app.js'],
    ['web/src/layout/Bad.tsx', '@linkhive/server'],
    ['extension/src/core/bad.ts', '../../../server/src/features/bookmarks/service.js'],
    ['extension/entrypoints/background.ts', '@linkhive/server/src/db/schema.js'],
  ])('%s may not import server code (%s)', async (file, from) => {
    expect(await lintImport(file, from)).toEqual(refused('never import server code'));
  });

  it.each([
    ['shared/src/ui/Bad.tsx', '../../../web/src/theme.js'],
    ['shared/src/ui/bookmarks/Bad.tsx', '../../../../extension/src/core/saver.js'],
    ['shared/src/domain/bad.ts', '../../../server/src/http/errors.js'],
    ['shared/src/api/bad.ts', '@linkhive/server'],
    ['shared/src/api/bad.ts', '@linkhive/web'],
    ['shared/src/api/bad.ts', '@linkhive/extension/src/core/saver.js'],
  ])('%s may not import an app (%s)', async (file, from) => {
    expect(await lintImport(file, from)).toEqual(refused('shared/ never imports an app'));
  });

  it.each([
    ['web/src/features/plans/Bad.tsx', '../../site/home/HomePage'],
    ['web/src/features/groups/dialogs/Bad.tsx', '../../../routes'],
    ['web/src/features/bookmarks/Bad.tsx', '../../App'],
  ])('%s may not import the app shell or the site (%s)', async (file, from) => {
    expect(await lintImport(file, from)).toEqual(refused('A web feature never imports the app shell'));
  });

  it('keeps a host out of shared code', async () => {
    expect(await lintImport('shared/src/ui/Bad.tsx', 'react-router')).toEqual(refused('Shared code has no host'));
  });

  it.each([
    ['server/src/http/bad.ts', '../features/auth/service.js'],
    ['server/src/http/bad.ts', '../features/index.js'],
    ['server/src/http/nested/bad.ts', '../../features/bookmarks/repository.js'],
  ])('%s may not import a feature (%s)', async (file, from) => {
    expect(await lintImport(file, from)).toEqual(refused('http/ sits below the features'));
  });

  it.each([
    ['migrations/20990101T0000_bad.ts', '../shared/src/domain/search.js'],
    ['migrations/20990101T0000_bad.ts', '@linkhive/shared/domain'],
    ['migrations/20990101T0000_bad.ts', '../server/src/db/schema.js'],
    ['migrations/20990101T0000_bad.ts', 'zod'],
    ['migrations/20990101T0000_bad.ts', './helpers/words.js'],
  ])('%s may not import live code (%s)', async (file, from) => {
    expect(await lintImport(file, from)).toEqual(refused('A migration imports only kysely'));
  });

  it.each([
    ['web/src/layout/Good.tsx', '@linkhive/shared/api'],
    ['web/src/site/Good.tsx', '../layout/media.js'],
    ['web/src/features/promo/Good.tsx', '../../layout/SectionPage'],
    ['web/src/features/promo/Good.tsx', '../plans/usePlans'],
    ['extension/src/core/good.ts', './serverAddress.js'],
    ['shared/src/domain/good.ts', './extension.js'],
    ['shared/src/ui/Good.tsx', '../domain/index.js'],
    ['server/src/http/good.ts', './errors.js'],
    ['server/src/http/good.ts', '../db/schema.js'],
    ['server/src/features/auth/good.ts', '../../http/session.js'],
    ['migrations/20990101T0000_good.ts', 'kysely'],
    ['migrations/20990101T0000_good.ts', './context.js'],
  ])('%s may import %s', async (file, from) => {
    expect(await lintImport(file, from)).toEqual([]);
  });
});
