import type { ProfileInput } from '../../contract/profile.js';
import type { RuleResult } from '../../contract/summary.js';
import type { RecordedExchange } from '../exchange.js';

/** The server rules traffic alone can judge, on the answers (filled in below). */
export function judgeAnswers(_exchanges: readonly RecordedExchange[], _profile: ProfileInput): Array<{ result: RuleResult; evidence: RecordedExchange[] }> {
  return [];
}
