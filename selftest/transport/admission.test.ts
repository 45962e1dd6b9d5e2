import { Agent, type Dispatcher } from 'undici';
import { afterAll, expect, test } from 'vitest';
import { Gate, RunSlots } from '../../harness/gate.js';
import { admittedBy } from '../../harness/transport/admission.js';
import { deadPort, fetchThrough, localTarget } from '../support/local-target.js';

/** harness/transport/admission.ts: the worker's gate holds a slot for a whole exchange. */
const agent = new Agent({ connections: 16 });
afterAll(() => agent.close());

test('at most the gate\'s slots are in flight, each until its answer is read, and starts are spaced by the rate', async () => {
  let inFlight = 0;
  let most = 0;
  // when the gate lets each request go, taken on the client side (the target's receive times can
  // bunch up on a loaded machine); undici runs the last interceptor first, so this runs after the gate
  const starts: number[] = [];
  const admitted = (dispatch: Dispatcher.Dispatch): Dispatcher.Dispatch => (opts, handler) => {
    starts.push(performance.now());
    return dispatch(opts, handler);
  };
  const target = await localTarget((_req, res) => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      res.end('ok');
    }, 30);
  });
  const dispatcher = agent.compose(admitted, admittedBy(new Gate(2, 40)));
  const results = await Promise.all(Array.from({ length: 6 }, () => fetchThrough(dispatcher, target.url)));
  target.close();
  expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
  expect(most).toBeLessThanOrEqual(2);
  // 40 a second: six starts span at least five intervals of 25 ms
  expect(starts.at(-1)! - starts[0]!).toBeGreaterThanOrEqual(5 * 25 - 5);
});

test('a failed exchange gives its slot back', async () => {
  const gate = new Gate(1);
  const dispatcher = agent.compose(admittedBy(gate));
  const refused = await fetchThrough(dispatcher, await deadPort());
  expect(refused.error?.code).toBe('ECONNREFUSED');
  const target = await localTarget((_req, res) => res.end('ok'));
  expect((await fetchThrough(dispatcher, target.url)).status).toBe(200);
  target.close();
});

test('waiting requests get a slot lowest rank first, in the order they asked within a rank, and never more than the slots at once', async () => {
  const gate = new Gate(1);
  await gate.enter(5); // the one slot is taken
  const order: string[] = [];
  const wait = (name: string, rank?: number) => gate.enter(rank).then(() => order.push(name));
  const all = [wait('late rule', 9), wait('unranked'), wait('first rule', 1), wait('late rule again', 9), wait('shared fixture', 0), wait('first rule again', 1)];
  for (let i = 0; i < all.length; i += 1) {
    gate.leave();
    await new Promise((r) => setTimeout(r, 5));
    expect(order, 'one slot: one request at a time').toHaveLength(i + 1);
  }
  await Promise.all(all);
  expect(order).toEqual(['shared fixture', 'first rule', 'first rule again', 'late rule', 'late rule again', 'unranked']);
});

test("a slot given back within the worker's share goes to its next waiting request at once, beyond it back to the run's slots", async () => {
  const buffer = RunSlots.buffer();
  const [a, b] = [new Gate(new RunSlots(2, buffer)), new Gate(new RunSlots(2, buffer))];
  const slots = new Int32Array(buffer);
  await a.enter(1);
  await b.enter(1); // both slots taken, one each: each worker's share
  let next = false;
  const waiting = a.enter(2).then(() => (next = true));
  a.leave();
  await Promise.resolve();
  await Promise.resolve();
  expect(next, 'handed on without a turn of the event loop').toBe(true);
  expect(Atomics.load(slots, 0), 'never given back meanwhile').toBe(2);
  await waiting;
  // a holds its share and takes the one b gives back: beyond its share, its next leave gives it back
  const more = a.enter(3);
  b.leave();
  await more;
  const again = a.enter(4);
  a.leave();
  expect(Atomics.load(slots, 0), 'given back to the run').toBe(1);
  await again;
  a.leave();
  a.leave();
  expect(Atomics.load(slots, 0)).toBe(0);
});
