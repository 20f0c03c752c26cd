import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** Where the API serves the console; every view has its own URL below it. */
export const BASE = '/console';

export interface Route {
  /** Decoded path segments below BASE: `/console/stores/orders` is `['stores', 'orders']`. */
  segments: string[];
  /** The query string, where views keep their filters and paging so that a reload shows the same thing. */
  query: URLSearchParams;
}

function currentRoute(): Route {
  const { pathname, search } = window.location;
  const below = pathname.toLowerCase().startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
  const segments = below
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  return { segments, query: new URLSearchParams(search) };
}

const listeners = new Set<() => void>();
window.addEventListener('popstate', () => listeners.forEach((listener) => listener()));

/** A path below BASE from segments, each encoded (stream ids may hold `/`, `?` or spaces). */
export function pathOf(segments: (string | number)[], query?: Record<string, string | number | undefined | null>): string {
  const path = `/${segments.map((segment) => encodeURIComponent(String(segment))).join('/')}`;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Goes to a path below BASE (as pathOf gives it) without reloading the page. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  const url = `${BASE}${path}`;
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  listeners.forEach((listener) => listener());
}

export function useRoute(): Route {
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const update = () => setRoute(currentRoute());
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  return route;
}

interface LinkProps {
  /** A path below BASE, as pathOf gives it. */
  href: string;
  children: ComponentChildren;
  class?: string;
  'aria-current'?: 'page' | 'true';
}

/** A link within the console: a real href (open in a new tab works), followed without a reload. */
export function Link({ href, children, ...rest }: LinkProps) {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a {...rest} href={`${BASE}${href}`} onClick={onClick}>
      {children}
    </a>
  );
}
