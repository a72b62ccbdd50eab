import { Icon, iconNames, type IconName } from '../ui/Icon';

const known = new Set<string>(iconNames);

function isIconName(name: string | undefined): name is IconName {
  return name !== undefined && known.has(name);
}

/**
 * A menu entry's icon by name (menu sources give names as data); decorative, and nothing for a
 * name the icon set doesn't have, so a module with an icon of its own still shows its label.
 */
export function MenuIcon({ name, size = 20 }: { name: string | undefined; size?: number }) {
  if (!isIconName(name)) return null;
  return <Icon name={name} size={size} />;
}
