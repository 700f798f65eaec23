/** The server's Prometheus metrics: what they count, the measured model gateway, GET /metrics. */
export { createMetrics, type Metrics, type MetricSources } from './metrics';
export { measuredLlm } from './llm';
export { registerMetrics } from './http';
