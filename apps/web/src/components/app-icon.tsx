import Avatar from 'antd/es/avatar';

interface AppIconProps {
  icon?: string;
  name: string;
  size?: number;
}

/** A catalogue icon: an image address, or the name's first character when there is none. */
export function AppIcon({ icon, name, size = 40 }: AppIconProps) {
  const isImage = !!icon && /^(https?:\/\/|\/|data:image\/)/i.test(icon);
  if (isImage) return <Avatar shape="square" size={size} src={icon} alt={name} />;
  return (
    <Avatar shape="square" size={size} style={{ background: '#1677ff', flexShrink: 0 }}>
      {icon || name.slice(0, 1)}
    </Avatar>
  );
}
