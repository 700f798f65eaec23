/** The server's Prometheus metrics: what they count, the measured model gateway, GET /metrics. */
export { createMetrics, type Metrics, type MetricSources } from './metrics';
export { measuredLlm } from './llm';
export { usageRecorder, type UsageEntry, type UsageRecorder } from './usage-recorder';
export { registerMetrics } from './http';
