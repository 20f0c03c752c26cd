import { TurnBudget } from './turn-budget';

describe('TurnBudget', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('lets frames go at once until the turn has spent its budget, then in later turns, oldest first', async () => {
    const budget = new TurnBudget(100);
    expect(budget.spend(60)).toBeUndefined();
    expect(budget.spend(60)).toBeUndefined();
    const admitted: string[] = [];
    for (const name of ['a', 'b', 'c']) void budget.spend(60)!.then(() => admitted.push(name));
    await Promise.resolve();
    expect(admitted).toEqual([]);

    await nextTurn();
    expect(admitted).toEqual(['a', 'b']);
    await nextTurn();
    expect(admitted).toEqual(['a', 'b', 'c']);
  });
});
