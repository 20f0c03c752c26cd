/**
 * Windows are UTC minutes (by Redis's clock for requests, PostgreSQL's for events, both this
 * machine's): a scenario that must stay inside one window starts with at least 10 s of it left,
 * waiting for the next minute when it has less.
 */
export async function startOfRoomyWindow(): Promise<void> {
  const secondsLeft = 60 - ((Date.now() / 1000) % 60);
  if (secondsLeft < 10) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 200));
}
