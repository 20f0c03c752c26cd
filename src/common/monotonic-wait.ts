/**
 * Resolves once performance.now() has passed `deadline` (a reading of it): a timer may fire a little
 * early by that clock, and a wait that others rely on for a guarantee (a revocation heard or outlived
 * everywhere) must not end before its time.
 */
export async function waitUntilPast(deadline: number): Promise<void> {
  for (let now = performance.now(); now <= deadline; now = performance.now()) {
    await new Promise((resolve) => setTimeout(resolve, Math.ceil(deadline - now) + 1));
  }
}
