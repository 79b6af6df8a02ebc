import Flex from 'antd/es/flex';
import Spin from 'antd/es/spin';

export function PageLoading({ tip }: { tip?: string }) {
  return (
    <Flex align="center" justify="center" vertical gap={16} style={{ minHeight: '60vh' }}>
      <Spin size="large" />
      {tip ? <span>{tip}</span> : null}
    </Flex>
  );
}
