import { loadCapabilityFaces } from '../../capabilities/index.js';
import type { AnyReportFace } from '../../kit/report-face.js';

/** The report faces of every capability, in the order of their sections (`order`). */
export async function reportFaces(): Promise<readonly AnyReportFace[]> {
  const faces = (await loadCapabilityFaces()).flatMap((capability) => capability.reports ?? []);
  return faces.sort((a, b) => a.order - b.order);
}
