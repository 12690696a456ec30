// The dead-letter queue with several letters: "Redeliver selected" sends only the ticked ones,
// "Redeliver all" the rest, and each row shows its own result the moment its request is
// answered, while the receiver checks every redelivery's signature itself.
import { expect, test } from "@playwright/test";
import {
  completedSession,
  createEndpoint,
  createKey,
  go,
  nav,
  newAccount,
  signUp,
  watchConsole,
  useReceiver,
  shoot,
} from "./dashboard-support";
import type { ReceivedDelivery } from "../tests/support/fixtures";

const receiver = useReceiver();

test("redeliver selected, then redeliver all: each row shows its own result as it completes", async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await signUp(page, newAccount());
  const key = await createKey(page, "Queue backend");
  await page.getByRole("button", { name: "Done" }).click();
  const secret = await createEndpoint(page, receiver().url("/queue"));

  // Four sessions whose five automatic attempts all fail.
  receiver().route("/queue", { behaviour: () => 500, secret });
  const sessions: string[] = [];
  for (let i = 1; i <= 4; i++) sessions.push(await completedSession(key, { order: `300${i}` }));
  const forSession = (id: string) =>
    receiver()
      .deliveries("/queue")
      .filter((d: ReceivedDelivery) => d.body?.data?.id === id);
  await expect.poll(() => sessions.every((id) => forSession(id).length >= 5), { timeout: 60_000 }).toBe(true);

  await go(page, "Dead letters");
  const letters = page.getByTestId("dead-letter");
  await expect(async () => {
    await page.reload();
    await expect(letters).toHaveCount(4, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(nav(page, "Dead letters")).toContainText("4");
  await expect(page.getByRole("button", { name: "Redeliver all (4)" })).toBeVisible();
  const row = (id: string) => letters.filter({ hasText: id });
  const eventIdOf = (id: string) => forSession(id)[0].body.id as string;
  const before = Object.fromEntries(sessions.map((id) => [id, forSession(id).length]));

  // The receiver is fixed for the first session, still broken for the third.
  const [first, second, third, fourth] = sessions;
  receiver().route("/queue", { behaviour: (_n, body) => (body?.data?.id === third ? 503 : 200), secret });
  const selectButton = page.getByRole("button", { name: /^Redeliver selected/ });
  await expect(selectButton).toBeDisabled();
  await row(first).getByRole("checkbox").check();
  await row(third).getByRole("checkbox").check();
  await expect(selectButton).toHaveText("Redeliver selected (2)");
  await selectButton.click();

  await expect(row(first)).toContainText("Delivered · HTTP 200");
  await expect(row(third)).toContainText("Failed again");
  await expect(row(third)).toContainText("HTTP 503");
  await expect(page.getByRole("status").filter({ hasText: "Done: 1 delivered, 1 failed." })).toBeVisible();
  // The rows that were not selected were not sent and show no result.
  for (const id of [second, fourth]) {
    await expect(row(id)).not.toContainText(/Delivered|Failed again|Queued|Sending/);
    expect(forSession(id)).toHaveLength(before[id]);
  }
  for (const id of [first, third]) {
    const sent = forSession(id);
    expect(sent).toHaveLength(before[id] + 1);
    expect(sent.at(-1)!.signatureValid).toBe(true);
    expect(sent.at(-1)!.body.id).toBe(eventIdOf(id));
  }
  // The delivered letter has left the queue: it cannot be selected or sent again, and the totals say so.
  await expect(row(first)).toContainText("Was HTTP 500 after 5 attempts");
  await expect(row(third)).not.toContainText("Was HTTP");
  await expect(row(first).getByRole("checkbox")).toBeDisabled();
  await expect(row(first).getByRole("button", { name: /^Redeliver/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Redeliver all (3)" })).toBeVisible();
  await expect(page.getByText("Select all 3 waiting on this page")).toBeVisible();
  // The nav's count follows at once, without "Refresh the list".
  await expect(nav(page, "Dead letters")).toContainText("3 waiting");

  // "Redeliver all" sends the three still waiting, in the queue's order. The receiver holds the
  // second one's answer, so the run can be seen midway: the one before it done, it sending,
  // the one after it queued.
  const order = (await letters.allTextContents())
    .map((text) => sessions.find((id) => text.includes(id))!)
    .filter((id) => id !== first);
  expect(order).toHaveLength(3);
  let release!: (status: number) => void;
  const held = new Promise<number>((resolve) => (release = resolve));
  receiver().route("/queue", { behaviour: (_n, body) => (body?.data?.id === order[1] ? held : 200), secret });
  await page.getByRole("button", { name: "Redeliver all (3)" }).click();
  await expect.poll(() => forSession(order[1]).at(-1)?.respondedWith, { timeout: 30_000 }).toBe("pending");
  await expect(row(order[0])).toContainText("Delivered · HTTP 200");
  await expect(row(order[1])).toContainText("Sending…");
  await expect(row(order[2])).toContainText("Queued");
  await expect(
    page.getByRole("status").filter({ hasText: "Redelivering 2 of 3… 1 delivered, 0 failed" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Redeliver all/ })).toBeDisabled();
  await shoot(page, "16-dead-letters-redelivering");

  release(200);
  for (const id of order) await expect(row(id)).toContainText("Delivered · HTTP 200");
  await expect(page.getByRole("status").filter({ hasText: "Done: 3 delivered, 0 failed." })).toBeVisible();
  expect(forSession(first)).toHaveLength(before[first] + 1); // not sent again
  for (const id of order) {
    const sent = forSession(id);
    expect(sent).toHaveLength(before[id] + (id === third ? 2 : 1));
    expect(sent.at(-1)!.signatureValid).toBe(true);
    expect(sent.at(-1)!.respondedWith).toBe(200);
    expect(sent.at(-1)!.body.id).toBe(eventIdOf(id));
  }
  await expect(page.getByRole("button", { name: "Redeliver all (0)" })).toBeDisabled();
  await expect(nav(page, "Dead letters")).not.toContainText("waiting");
  await shoot(page, "17-dead-letters-all-redelivered");

  await page.getByRole("button", { name: "Refresh the list" }).click();
  await expect(page.getByText("The dead-letter queue is empty")).toBeVisible();
  await expect(nav(page, "Dead letters")).not.toContainText("waiting");
  expect(problems).toEqual([]);
});
