/**
 * Stands in for the icon reset style antd's ConfigProvider registers (see build/antd-light-plugin.ts).
 * The same `.anticon` rules are inserted by @ant-design/icons when the first icon mounts and by
 * every antd component's own reset style; registering them from the provider computes the whole
 * design token on the first screen, even one without a single antd component.
 */
export default function useIconStyle(): void {}
