import { defineProjection, type DecideResult, type EventStore } from '../src/index.js';

/** The course subscription example of dcb.events: a course's capacity, and a limit on each student's courses. */
export type CourseEvents = {
  'course.defined': { courseId: string; capacity: number };
  'student.subscribed': { studentId: string; courseId: string };
};

export const MAX_COURSES_PER_STUDENT = 3;

export class CourseFullError extends Error {
  constructor(courseId: string) {
    super(`Course ${courseId} is full`);
  }
}

export const courseCapacity = (courseId: string) =>
  defineProjection<{ defined: boolean; capacity: number; subscriptions: number }, CourseEvents>({
    initialState: { defined: false, capacity: 0, subscriptions: 0 },
    handlers: {
      'course.defined': (state, event) => ({ ...state, defined: true, capacity: event.data.capacity }),
      'student.subscribed': (state) => ({ ...state, subscriptions: state.subscriptions + 1 }),
    },
    tags: [`course:${courseId}`],
  });

export const studentCourses = (studentId: string) =>
  defineProjection<{ courses: string[] }, CourseEvents>({
    initialState: { courses: [] },
    handlers: {
      'student.subscribed': (state, event) => ({ courses: [...state.courses, event.data.courseId] }),
    },
    tags: [`student:${studentId}`],
  });

/** Subscribes a student to a course if both rules allow it; `beforeDeciding` lets a test line contenders up. */
export function subscribeStudent(
  store: EventStore,
  studentId: string,
  courseId: string,
  beforeDeciding?: () => Promise<void>,
): Promise<DecideResult<{ course: { defined: boolean; capacity: number; subscriptions: number }; student: { courses: string[] } }>> {
  return store.decide({ course: courseCapacity(courseId), student: studentCourses(studentId) }, async ({ course, student }) => {
    await beforeDeciding?.();
    if (!course.defined) throw new Error(`Course ${courseId} does not exist`);
    if (student.courses.includes(courseId)) throw new Error(`${studentId} is already subscribed to ${courseId}`);
    if (course.subscriptions >= course.capacity) throw new CourseFullError(courseId);
    if (student.courses.length >= MAX_COURSES_PER_STUDENT) {
      throw new Error(`${studentId} may not take more than ${MAX_COURSES_PER_STUDENT} courses`);
    }
    return [{ type: 'student.subscribed', data: { studentId, courseId }, tags: [`student:${studentId}`, `course:${courseId}`] }];
  });
}

/** Defines a course, with `taken` seats already subscribed by students of its own. */
export async function seedCourse(store: EventStore, courseId: string, { capacity, taken = 0 }: { capacity: number; taken?: number }) {
  await store.appendEvents([
    { type: 'course.defined', data: { courseId, capacity }, tags: [`course:${courseId}`] },
    ...Array.from({ length: taken }, (_, n) => ({
      type: 'student.subscribed',
      data: { studentId: `${courseId}-early-${n}`, courseId },
      tags: [`student:${courseId}-early-${n}`, `course:${courseId}`],
    })),
  ]);
}
