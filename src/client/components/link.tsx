/**
 * A link to a screen of the app: React Router's `<Link>` without what only its framework mode uses.
 * Its Link also draws `prefetch` links from the framework's route manifest and handles absolute
 * URLs, 1.6 KiB of the first script (compressed) that this app, whose links all name its own
 * screens, never runs (decision 0034; Biome refuses React Router's Link). The navigation is the
 * router's own (`useHref`, `useLinkClickHandler`): same href, same clicks (a plain click navigates
 * in the page, replacing the entry when it points where the page is; a modified click, another
 * target or a handled event is left to the browser).
 */
import type { AnchorHTMLAttributes, Ref } from "react";
import { type RelativeRoutingType, type To, useHref, useLinkClickHandler } from "react-router";

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: To;
  /** Resolve `to` against the route hierarchy (default) or the URL's path segments. */
  relative?: RelativeRoutingType;
  /** The history entry's state (`useLocation().state` on the next screen). */
  state?: unknown;
  /** Replace the current entry instead of adding one (default: only when the link points here). */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, relative, state, replace, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to, { relative });
  const navigate = useLinkClickHandler(to, { relative, state, replace, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
