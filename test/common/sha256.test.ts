import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/common/sha256.js';

describe('sha256Hex (the static site computes study_sha256 without node:crypto)', () => {
  it('equals node:crypto on empty, short, block-edge, multi-block and non-ASCII texts', () => {
    const texts = ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'b'.repeat(1000), 'fighter: kéen 🎲\n'.repeat(200)];
    for (const t of texts) expect(sha256Hex(t)).toBe(createHash('sha256').update(t).digest('hex'));
  });
});
