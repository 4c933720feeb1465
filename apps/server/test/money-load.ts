import type { ApiClient, ApiResponse } from './client.ts';
import type { TestUser } from './factories.ts';

// Concurrent requests that move money (exchanges and money-offer approvals) for the fault tests:
// they run until told to stop and count every answer's status, so a test can take the database
// away under load and check what the clients saw.

const USD = 1;
const UZS = 2;

export interface LoadReport {
  statuses: Map<number, number>;
  /** The first 503 seen, to check its headers and detail. */
  unavailable: ApiResponse | null;
}

export interface MoneyLoad {
  report: LoadReport;
  stop(): Promise<void>;
}

type Party = { as: ApiClient; user: TestUser };

async function oneMove(
  self: Party,
  other: Party,
  i: number,
  note: (res: ApiResponse) => void,
): Promise<void> {
  if (i % 2 === 0) {
    note(
      await self.as.post('offers/exchanges/', {
        from_currency: i % 4 === 0 ? USD : UZS,
        to_currency: i % 4 === 0 ? UZS : USD,
        from_amount: i % 4 === 0 ? '3.50' : '45000',
      }),
    );
    return;
  }
  const created = await self.as.post('offers/offers/', {
    from_user: self.user.id,
    to_user: other.user.id,
    money_lines: [{ currency: UZS, amount: '1250.75' }],
    reason_text: 'Nosozlik sinovi taklifi',
  });
  note(created);
  if (created.status !== 201) return;
  const submitted = await self.as.post(`offers/offers/${created.body.id}/submit/`);
  note(submitted);
  if (submitted.status === 200) note(await other.as.post(`offers/offers/${created.body.id}/approve/`));
}

/** Each party runs moves against the next one, round robin, until `stop()`. */
export function startMoneyLoad(parties: Party[]): MoneyLoad {
  const report: LoadReport = { statuses: new Map(), unavailable: null };
  let running = true;
  const note = (res: ApiResponse) => {
    report.statuses.set(res.status, (report.statuses.get(res.status) ?? 0) + 1);
    if (res.status === 503) report.unavailable ??= res;
  };
  const clients = parties.map(async (self, index) => {
    const other = parties[(index + 1) % parties.length] as Party;
    for (let i = index; running; i++) {
      const before = report.statuses.get(503) ?? 0;
      await oneMove(self, other, i, note);
      // A client told to try again shortly waits a little, as a real one would.
      if ((report.statuses.get(503) ?? 0) > before) await new Promise((r) => setTimeout(r, 25));
    }
  });
  return {
    report,
    async stop() {
      running = false;
      await Promise.all(clients);
    },
  };
}
