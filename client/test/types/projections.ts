// Compiled, never run: `npm run typecheck -w client` checks it, and projection-types.spec.ts compiles
// it on its own to show it has no errors. Each `@ts-expect-error` is an error the types must report.
import { defineProjection, type Projection, type StoredEvent } from '../../src/index.js';

interface CourseEvents {
  'course.defined': { courseId: string; capacity: number };
  'student.subscribed': { studentId: string; courseId: string };
}

/** With no type arguments, the state's type comes from `initialState`. */
export const subscriptions = defineProjection({
  initialState: 0,
  handlers: { 'student.subscribed': (count) => count + 1 },
  tags: ['course:c1'],
});
export const counted: Projection<number> = subscriptions;

/** Handlers that only look at the event's type and tags need no type arguments either. */
export const seen = defineProjection({
  initialState: { defined: false, subscribed: [] as string[] },
  handlers: {
    'course.defined': (state) => ({ ...state, defined: true }),
    'student.subscribed': (state, event: StoredEvent) => ({ ...state, subscribed: [...state.subscribed, ...(event.tags ?? [])] }),
  },
});
export const seenState: { defined: boolean; subscribed: string[] } = seen.initialState;

/** Both type arguments type each handler's event data by its type. */
export const capacity = defineProjection<{ capacity: number; subscriptions: number }, CourseEvents>({
  initialState: { capacity: 0, subscriptions: 0 },
  handlers: {
    'course.defined': (state, event) => ({ ...state, capacity: event.data.capacity }),
    // @ts-expect-error -- student.subscribed carries no capacity
    'student.subscribed': (state, event) => ({ ...state, capacity: event.data.capacity }),
  },
});

export const unknownType = defineProjection<number, CourseEvents>({
  initialState: 0,
  // @ts-expect-error -- not an event type of CourseEvents
  handlers: { 'course.renamed': (count: number) => count + 1 },
});

export const widened = defineProjection({
  initialState: 0,
  // @ts-expect-error -- the state is a number, from initialState; a handler cannot make it a string
  handlers: { 'student.subscribed': (count) => `${count}` },
});
