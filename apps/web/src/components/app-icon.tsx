import { useState } from 'react';
import { mayLoadImage } from '../lib/image-hosts';

interface AppIconProps {
  icon?: string;
  name: string;
  size?: number;
}

/**
 * A catalogue icon: an image address, or the name's first character when there is none (or the
 * image fails). A plain element rather than antd Avatar, whose module brings Avatar.Group with its
 * popover, tooltip and motion code into every page that shows an icon.
 */
export function AppIcon({ icon, name, size = 40 }: AppIconProps) {
  const [failed, setFailed] = useState(false);
  const isImage = !!icon && isImageAddress(icon) && mayShow(icon) && !failed;
  const box = { width: size, height: size, fontSize: Math.round(size * 0.45), borderRadius: size >= 32 ? 8 : 4 };
  if (isImage) {
    return (
      <img
        className="portal-app-icon portal-app-icon-image"
        src={icon}
        alt={name}
        width={size}
        height={size}
        style={box}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
      />
    );
  }
  const text = (!icon || isImageAddress(icon) ? name.slice(0, 1) : icon) || '?';
  return (
    <span className="portal-app-icon" style={box} aria-hidden="true">
      {text}
    </span>
  );
}

function isImageAddress(value: string): boolean {
  return /^(https?:\/\/|\/|data:image\/)/i.test(value);
}

/** Uploaded icons are ours; an external address loads only from an allowed host (the CSP's img-src). */
function mayShow(icon: string): boolean {
  return /^data:image\//i.test(icon) || mayLoadImage(icon);
}
