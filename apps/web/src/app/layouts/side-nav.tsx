import type { ReactNode } from 'react';

export interface SideNavItem {
  key: string;
  icon: ReactNode;
  label: string;
}

interface SideNavProps {
  items: SideNavItem[];
  selectedKey: string | undefined;
  collapsed: boolean;
  onSelect(key: string): void;
}

/**
 * The side bar's app list. A plain list of buttons rather than antd Menu: Menu brings its
 * popup and motion code into the first screen, which a flat list of links does not need.
 */
export function SideNav({ items, selectedKey, collapsed, onSelect }: SideNavProps) {
  return (
    <nav aria-label="应用导航">
      <ul className="portal-nav">
        {items.map((item) => (
          <li key={item.key}>
            <button
              type="button"
              className={`portal-nav-item${item.key === selectedKey ? ' portal-nav-item-active' : ''}`}
              aria-current={item.key === selectedKey ? 'page' : undefined}
              title={collapsed ? item.label : undefined}
              onClick={() => onSelect(item.key)}
            >
              <span className="portal-nav-icon">{item.icon}</span>
              {collapsed ? null : <span className="portal-ellipsis">{item.label}</span>}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
