// Proves the lint rules that keep the architecture honest actually fire: each case lints a
// snippet as if it lived at `filePath` (the file need not exist) with the repo's own config.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const root = new URL('..', import.meta.url).pathname;
// @nx/enforce-module-boundaries reads Nx's cached project graph and skips itself (a warning,
// no error) when there is none, as in a fresh clone before any nx command: make sure it exists.
execFileSync('npx', ['nx', 'show', 'projects'], {
  cwd: root,
  stdio: 'ignore',
  env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
});
const eslint = new ESLint({ cwd: root });

async function ruleIds(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const boundaries = '@nx/enforce-module-boundaries';

describe('module boundaries (style-by-example.md matrix)', () => {
  const forbidden = [
    [
      'libs/contracts importing react',
      'libs/contracts/src/probe.ts',
      "import React from 'react';\nexport const x = React;\n",
    ],
    [
      'libs/contracts importing fastify',
      'libs/contracts/src/probe.ts',
      "import f from 'fastify';\nexport const x = f;\n",
    ],
    [
      'libs/contracts importing libs/ui',
      'libs/contracts/src/probe.ts',
      "import * as ui from '@fieldcraft/ui';\nexport const x = ui;\n",
    ],
    [
      'apps/api importing libs/ui',
      'apps/api/src/probe.ts',
      "import * as ui from '@fieldcraft/ui';\nexport const x = ui;\n",
    ],
    [
      'apps/api importing react',
      'apps/api/src/probe.ts',
      "import React from 'react';\nexport const x = React;\n",
    ],
    [
      'apps/api importing the web voice client',
      'apps/api/src/probe.ts',
      "import * as v from '@fieldcraft/voice-client';\nexport const x = v;\n",
    ],
    [
      'libs/voice-client importing react',
      'libs/voice-client/src/probe.ts',
      "import React from 'react';\nexport const x = React;\n",
    ],
    [
      'libs/voice-client importing MUI',
      'libs/voice-client/src/probe.ts',
      "import Button from '@mui/material/Button';\nexport const x = Button;\n",
    ],
    [
      'libs/ui importing a data lib',
      'libs/ui/src/probe.ts',
      "import * as v from '@fieldcraft/voice-client';\nexport const x = v;\n",
    ],
  ];
  for (const [name, filePath, code] of forbidden) {
    it(`rejects ${name}`, async () => {
      assert.ok((await ruleIds(filePath, code)).includes(boundaries));
    });
  }

  const allowed = [
    [
      'apps/web importing contracts, ui and voice-client',
      'apps/web/src/app/probe.ts',
      "import * as c from '@fieldcraft/contracts';\nimport * as ui from '@fieldcraft/ui';\nimport * as v from '@fieldcraft/voice-client';\nexport const x = [c, ui, v];\n",
    ],
    [
      'apps/api importing contracts',
      'apps/api/src/probe.ts',
      "import * as c from '@fieldcraft/contracts';\nexport const x = c;\n",
    ],
    [
      'libs/contracts importing zod',
      'libs/contracts/src/probe.ts',
      "import { z } from 'zod';\nexport const x = z;\n",
    ],
  ];
  for (const [name, filePath, code] of allowed) {
    it(`allows ${name}`, async () => {
      assert.deepEqual(await ruleIds(filePath, code), []);
    });
  }
});

describe('code-layout rules', () => {
  it('rejects a web feature importing another feature', async () => {
    const ids = await ruleIds(
      'apps/web/src/features/content/probe.ts',
      "import * as a from '../auth/auth.api';\nexport const x = a;\n",
    );
    assert.ok(ids.includes('local/feature-boundaries'));
    const dynamic = await ruleIds(
      'apps/web/src/features/content/dashboard/probe.tsx',
      "export const x = () => import('../../auth/auth.api');\n",
    );
    assert.ok(dynamic.includes('local/feature-boundaries'));
  });

  it('lets app/ compose features and a feature import itself', async () => {
    assert.deepEqual(
      await ruleIds(
        'apps/web/src/app/probe.ts',
        "import * as a from '../features/auth/auth.api';\nexport const x = a;\n",
      ),
      [],
    );
    assert.deepEqual(
      await ruleIds(
        'apps/web/src/features/auth/components/probe.ts',
        "import * as a from '../auth.api';\nexport const x = a;\n",
      ),
      [],
    );
  });

  it('rejects a web feature importing app/, statically or lazily', async () => {
    const ids = await ruleIds(
      'apps/web/src/features/rooms/probe.ts',
      "import { makeStore } from '../../app/store';\nexport const x = makeStore;\n",
    );
    assert.ok(ids.includes('local/feature-boundaries'));
    const dynamic = await ruleIds(
      'apps/web/src/features/people/users/components/probe.tsx',
      "export const x = () => import('../../../../app/routes/pages');\n",
    );
    assert.ok(dynamic.includes('local/feature-boundaries'));
  });

  it("lets a feature's tests render the composed app from app/", async () => {
    assert.deepEqual(
      await ruleIds(
        'apps/web/src/features/rooms/components/probe.test.tsx',
        "import { makeStore } from '../../../app/store';\nexport const x = makeStore;\n",
      ),
      [],
    );
  });

  it('rejects shared/ importing a feature or app/', async () => {
    const feature = await ruleIds(
      'apps/web/src/shared/forms/probe.ts',
      "import * as a from '../../features/auth/auth.api';\nexport const x = a;\n",
    );
    assert.ok(feature.includes('local/feature-boundaries'));
    const lazyFeature = await ruleIds(
      'apps/web/src/shared/probe.ts',
      "export const x = () => import('../features/rooms/rooms.api');\n",
    );
    assert.ok(lazyFeature.includes('local/feature-boundaries'));
    const app = await ruleIds(
      'apps/web/src/shared/store/probe.ts',
      "import type { AppStore } from '../../app/store';\nexport type X = AppStore;\n",
    );
    assert.ok(app.includes('local/feature-boundaries'));
    const testOfShared = await ruleIds(
      'apps/web/src/shared/api/probe.test.ts',
      "import * as a from '../../features/auth/auth.api';\nexport const x = a;\n",
    );
    assert.ok(testOfShared.includes('local/feature-boundaries'));
  });

  it('lets features and shared/ import shared/', async () => {
    assert.deepEqual(
      await ruleIds(
        'apps/web/src/features/rooms/probe.ts',
        "import { api } from '../../shared/api/api';\nexport const x = api;\n",
      ),
      [],
    );
    assert.deepEqual(
      await ruleIds(
        'apps/web/src/shared/forms/probe.ts',
        "import { api } from '../api/api';\nexport const x = api;\n",
      ),
      [],
    );
  });

  it('rejects anything but app.ts importing an API domain plugin', async () => {
    const cases = [
      ['apps/api/src/plugins/probe.ts', "import { roomsDomain } from '../rooms';"],
      ['apps/api/src/lib/probe.ts', "import { roomsDomain } from '../rooms/index';"],
      ['apps/api/src/people/probe.ts', "import { roomsDomain } from '../rooms/index';"],
      ['apps/api/src/voice/runtime/probe.ts', "export { contentDomain } from '../../content';"],
    ];
    for (const [file, code] of cases) {
      assert.ok((await ruleIds(file, `${code}\n`)).includes('local/api-layers'), file);
    }
  });

  it('rejects anything but its own domain plugin importing an API route module', async () => {
    const cases = [
      [
        'apps/api/src/plugins/session.ts',
        "import r from '../auth/auth.routes';\nexport const x = r;",
      ],
      [
        'apps/api/src/bootstrap/probe.ts',
        "import r from '../rooms/rooms.routes';\nexport const x = r;",
      ],
      ['apps/api/src/db/probe.ts', "export const x = () => import('../content/files.routes');"],
      ['apps/api/src/app.ts', "import r from './rooms/rooms.routes';\nexport const x = r;"],
      [
        'apps/api/src/people/index.ts',
        "import r from '../rooms/owner-rooms.routes';\nexport const x = r;",
      ],
      ['apps/api/src/people/probe.ts', "import r from './people.routes';\nexport const x = r;"],
    ];
    for (const [file, code] of cases) {
      assert.ok((await ruleIds(file, `${code}\n`)).includes('local/api-layers'), file);
    }
  });

  it('lets app.ts import domains, a domain its routes, and anyone the data layer', async () => {
    const cases = [
      [
        'apps/api/src/app.ts',
        "import { roomsDomain } from './rooms';\nexport const x = roomsDomain;",
      ],
      ['apps/api/src/rooms/index.ts', "import r from './owner-rooms.routes';\nexport const x = r;"],
      [
        'apps/api/src/plugins/probe.ts',
        "import * as a from '../audit/audit.repository';\nexport const x = a;",
      ],
      [
        'apps/api/src/voice/runtime/probe.ts',
        "import * as u from '../../people/users.repository';\nexport const x = u;",
      ],
      [
        'apps/api/src/rooms/probe.ts',
        "import * as p from '../people/people.service';\nexport const x = p;",
      ],
      ['apps/api/src/voice/probe.ts', "import * as s from './speech';\nexport const x = s;"],
    ];
    for (const [file, code] of cases) {
      assert.deepEqual(await ruleIds(file, `${code}\n`), [], file);
    }
  });

  it('rejects importing MUI from its root barrel', async () => {
    const ids = await ruleIds(
      'libs/ui/src/probe.tsx',
      "import { Button } from '@mui/material';\nexport const x = Button;\n",
    );
    assert.ok(ids.includes('no-restricted-imports'));
  });

  it('rejects the untyped react-redux hooks outside shared/store/hooks.ts', async () => {
    const ids = await ruleIds(
      'apps/web/src/features/auth/probe.ts',
      "import { useSelector } from 'react-redux';\nexport const x = useSelector;\n",
    );
    assert.ok(ids.includes('no-restricted-imports'));
  });

  it('rejects a file name that is not kebab-case', async () => {
    const ids = await ruleIds('apps/api/src/RoomCard.ts', 'export const x = 1;\n');
    assert.ok(ids.includes('local/filename-case'));
    assert.deepEqual(
      await ruleIds('apps/api/src/room-card.repository.ts', 'export const x = 1;\n'),
      [],
    );
  });

  it('wants migrations named YYYY_MM_DD_HHMMSS_<what>.ts', async () => {
    const dir = 'apps/api/src/db/migrations';
    assert.deepEqual(
      await ruleIds(`${dir}/2026_11_22_100000_create_accounts.ts`, 'export const x = 1;\n'),
      [],
    );
    assert.ok(
      (await ruleIds(`${dir}/create-accounts.ts`, 'export const x = 1;\n')).includes(
        'local/filename-case',
      ),
    );
  });
});
