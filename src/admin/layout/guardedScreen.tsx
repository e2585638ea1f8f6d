import type { ComponentType, ReactElement } from 'react';
import { AccessDenied, CanAccess, Menu } from 'react-admin';

interface GuardedScreen {
  /** The access rule's resource (providers/access.ts): its "list" right opens the screen. */
  resource: string;
  path: string;
  label: string;
  icon: ReactElement;
  Screen: ComponentType;
}

/**
 * A back-office screen of its own (not a react-admin resource), for those its resource's "list"
 * right allows: the route's element (others are told they may not) and its menu item (shown only
 * to them).
 */
export function guardedScreen({ resource, path, label, icon, Screen }: GuardedScreen) {
  const Route = () => (
    <CanAccess resource={resource} action="list" accessDenied={<AccessDenied />}>
      <Screen />
    </CanAccess>
  );
  const MenuItem = () => (
    <CanAccess resource={resource} action="list">
      <Menu.Item to={path} primaryText={label} leftIcon={icon} />
    </CanAccess>
  );
  return { Route, MenuItem };
}
