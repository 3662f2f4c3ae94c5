/**
 * The team keeps the newest answer of each transaction. A workstation whose clock runs ahead
 * dated its answers later than they came, so one looked up earlier and shared later replaced a
 * colleague's newer answer (the class of attack c1's outcome defect): its answers are dated back
 * by what its clock is ahead, measured at the push.
 */
import { describe, expect, it } from 'vitest';
import { clockAhead } from '../../../electron/core/team/outcome-sync';
import { pushAnswers } from '../../../electron/core/team/shared-answers';
import type { SharedAnswer } from '../../../electron/core/store/team-answers.repo';
import { postgresMissing } from '../../support/postgres';
import { teamDatabase } from '../../support/team-database';

const missing = postgresMissing();
if (missing) console.warn(`Skipping the team fast-clock answer tests: ${missing}`);

const answer = (deviceId: string, at: number): SharedAnswer => ({
  externalId: 'PED-FAST',
  sessionId: 'session',
  deviceId,
  risk: 'low',
  score: 0.1,
  insights: [],
  alertQuantity: 0,
  deviceAge: 3,
  similarDevices: [],
  answeredAt: new Date(at).toISOString(),
});

// Skipped only where Debian's PostgreSQL is not installed (the reason is printed above); CI installs
// it, so they run there. On a machine that skips them, nothing about the team database is proven.
describe.skipIf(missing)('answers shared from a clock running ahead', () => {
  const { workstation } = teamDatabase();

  it("never replace a colleague's answer that came after them", async () => {
    const ana = await workstation();
    const bruno = await workstation();
    const hour = 3_600_000;
    const anaClock = () => Date.now() + hour;
    const anaAnswered = anaClock();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await pushAnswers(bruno, 'sandbox', 'Bruno', [answer('dev-bruno', Date.now())]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const ahead = await clockAhead(ana, anaClock);
    await pushAnswers(ana, 'sandbox', 'Ana', [answer('dev-ana', anaAnswered)], ahead);
    const { rows } = await ana.query<{ device_id: string; analyst: string }>(
      "SELECT device_id, analyst FROM answers WHERE environment = 'sandbox' AND external_id = 'PED-FAST'",
    );
    expect(rows).toEqual([{ device_id: 'dev-bruno', analyst: 'Bruno' }]);
  });
});
