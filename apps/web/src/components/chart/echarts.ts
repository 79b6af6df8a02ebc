import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only what the portal draws (the analytics dashboard, the social-note insight, the session
// insight's emotion ring), so the lazy chunk stays small. Imported only by lazily loaded pages:
// echarts is never in the first chunk.
echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export { echarts };
export type { EChartsCoreOption } from 'echarts/core';
