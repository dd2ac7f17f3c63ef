import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('zod in the browser', () => {
  it('every contract file that uses zod imports ./zod-config before anything else, so no schema probes for eval', () => {
    const dir = path.join(process.cwd(), 'src/contracts');
    const late = readdirSync(dir)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'zod-config.ts')
      .filter((name) => {
        const text = readFileSync(path.join(dir, name), 'utf8');
        if (!/from 'zod'/.test(text)) return false;
        const first = text.split('\n').find((line) => line.startsWith('import '));
        return first !== "import './zod-config';";
      });
    expect(late).toEqual([]);
  });
});
