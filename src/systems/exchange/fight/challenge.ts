/** The policy gap's challenger in exchange fights: every character of one side plays one policy (types.ts ModePlugin.challenge). */
import { parsePolicy } from '../combatant.js';
import { FIGHT_POLICY_PATTERN } from './schema.js';
import type { ExchangeFightSpec } from './spec.js';

export function challengeExchangeFight(spec: ExchangeFightSpec, side: 0 | 1, policy: string): ExchangeFightSpec {
  if (!FIGHT_POLICY_PATTERN.test(policy)) throw new Error(`exchange fights have no policy ${policy}`);
  return {
    ...spec,
    fighters: spec.fighters.map((f) => (f.side === side
      ? { ...f, policyName: policy, policy: parsePolicy(policy.replace(/^tactical/, 'all-in')), tactical: policy.startsWith('tactical') }
      : f)),
  };
}
