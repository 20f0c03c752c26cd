import type { DcbQuery, DcbQueryItem, NewEvent, StoredEvent } from './types.js';

/**
 * A decision model's building block (dcb.events): an initial state, a handler per event type, and
 * tags. Its query is one item (`types`: the handled types, `tags`: all of them), and it folds only the
 * events of a handled type that carry every tag. `apply` may be given any event: one the projection
 * does not match leaves the state as it is.
 */
export interface Projection<State> {
  readonly initialState: State;
  readonly query: DcbQuery;
  apply(state: State, event: StoredEvent): State;
}

declare const missingEvents: unique symbol;

/**
 * What each field of `event.data` is in a projection defined without its `Events` type argument: a
 * type nothing converts to, so that reading the data names what is missing
 * ("Type 'MissingEventsTypeArgument' is not assignable to type 'number'") instead of failing far away.
 */
export interface MissingEventsTypeArgument {
  readonly [missingEvents]: 'defineProjection<State, Events>({ … }) types event.data by Events';
}

/** The events a projection folds, by type: each type's `data`. An interface or a type alias. */
export type EventMap<Events> = { [Type in keyof Events]: object };

/** Any event type, with data left untyped: `defineProjection`'s default. */
export type UntypedEvents = Record<string, { readonly [field: string]: MissingEventsTypeArgument }>;

/**
 * Handlers by event type; `Events` maps each type to its `data`, for typed handlers. Untyped events
 * get a plain index signature: a mapped type over `string` would type each handler's `event.type`
 * as its key and then refuse the handler for not taking every type.
 */
export type ProjectionHandlers<State, Events extends EventMap<Events>> = string extends keyof Events
  ? { [type: string]: (state: State, event: StoredEvent<string, Events[keyof Events & string]>) => State }
  : { [Type in keyof Events & string]?: (state: State, event: StoredEvent<Type, Events[Type]>) => State };

export interface ProjectionDefinition<State, Events extends EventMap<Events>> {
  initialState: State;
  /** The state comes from `initialState` alone (NoInfer), so a handler cannot widen it by accident. */
  handlers: ProjectionHandlers<NoInfer<State>, NoInfer<Events>>;
  /** Tags every folded event must carry (all of them); none: every event of the handled types. */
  tags?: string[];
}

/**
 * Defines a projection. With no type arguments the state's type comes from `initialState`, which
 * is all a projection that counts or flags events needs; `defineProjection<State, Events>({ … })`
 * types each handler's `event.data` by `Events` (TypeScript infers all type arguments or none).
 * Reading `event.data` without `Events` fails to compile with `MissingEventsTypeArgument`.
 */
export function defineProjection<State, Events extends EventMap<Events> = UntypedEvents>(
  definition: ProjectionDefinition<State, Events>,
): Projection<State> {
  const handlers = new Map<string, (state: State, event: StoredEvent) => State>();
  for (const [type, handler] of Object.entries(definition.handlers as Record<string, unknown>)) {
    if (typeof handler === 'function') handlers.set(type, handler as (state: State, event: StoredEvent) => State);
  }
  if (handlers.size === 0) throw new TypeError('A projection needs at least one handler: its event types make its query');
  const tags = [...new Set(definition.tags ?? [])];
  const item: DcbQueryItem = tags.length > 0 ? { types: [...handlers.keys()], tags } : { types: [...handlers.keys()] };
  return {
    initialState: definition.initialState,
    query: { items: [item] },
    apply(state, event) {
      const handler = handlers.get(event.type);
      if (!handler || !tags.every((tag) => event.tags?.includes(tag))) return state;
      return handler(state, event);
    },
  };
}

/** Projections by name, folded together into a state by the same names. */
export type ProjectionRecord = Record<string, Projection<unknown>>;

export type StateOf<P> = P extends Projection<infer State> ? State : never;

/** The state a decision sees: one projection's, or a record's (each projection's under its name). */
export type DecisionState<P> = P extends Projection<infer State> ? State : { [Name in keyof P]: StateOf<P[Name]> };

const isProjection = (value: unknown): value is Projection<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as Projection<unknown>).apply === 'function' && 'query' in value;

/**
 * One projection from several: its query is the OR of their items (duplicates once), its state a
 * record of theirs, and each event updates only the projections whose types and tags it matches.
 */
export function composeProjections<P extends ProjectionRecord>(projections: P): Projection<DecisionState<P>> {
  const entries = Object.entries(projections);
  if (entries.length === 0) throw new TypeError('Compose at least one projection');
  const items = new Map<string, DcbQueryItem>();
  for (const [, projection] of entries) {
    for (const item of projection.query.items ?? [])
      items.set(JSON.stringify([[...(item.types ?? [])].sort(), [...(item.tags ?? [])].sort()]), item);
  }
  return {
    initialState: Object.fromEntries(entries.map(([name, projection]) => [name, projection.initialState])) as DecisionState<P>,
    query: { items: [...items.values()] },
    apply(state, event) {
      const current = state as Record<string, unknown>;
      let next: Record<string, unknown> | undefined;
      for (const [name, projection] of entries) {
        const updated = projection.apply(current[name], event);
        if (updated !== current[name]) (next ??= { ...current })[name] = updated;
      }
      return (next ?? current) as DecisionState<P>;
    },
  };
}

/** A single projection as it is, or a record of them composed. */
export function toProjection<P extends Projection<unknown> | ProjectionRecord>(projections: P): Projection<DecisionState<P>> {
  return (isProjection(projections) ? projections : composeProjections(projections)) as Projection<DecisionState<P>>;
}

/** The user's decision: the events to append for a state (none: nothing to do), or a throw to refuse. */
export type Decision<State> = (state: State) => NewEvent[] | Promise<NewEvent[]>;

export interface DecideOptions {
  /** Decisions made in all, the first included, when appends keep losing to concurrent ones. Default 5. */
  maxAttempts?: number;
  signal?: AbortSignal;
}

export interface DecideResult<State> {
  /** The state the decision that counted was made on. */
  state: State;
  /** What was appended (none when the decision returned none). */
  events: NewEvent[];
  /** Global position of the last appended event; undefined when nothing was appended. */
  lastPosition: number | undefined;
  /** Decisions made: 1, plus one per append refused by a concurrent change. */
  attempts: number;
}
