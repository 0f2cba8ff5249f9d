package org.djbranch.compat.orm;

import java.util.List;

/**
 * The branch's proposal as one framework writes it: {@code artifact_params} and {@code artifact_score} beside the
 * pipeline's subject, session and recording. The code is the same on a branch and on trunk after the merge; only the
 * URL of its pool differs.
 */
interface EphysPipeline extends AutoCloseable {
  /** Thresholds the branch proposes: parameter id and threshold. */
  double[][] PARAMS = {{1, 0.5}, {2, 0.9}};

  /** Declares the two tables if they are missing: into the draft on a branch, nothing after the merge. */
  void declare() throws Exception;

  /**
   * Writes the parameters, then one score per recording and parameter, {@code duration * threshold}, kept when at
   * least 10; adds 1 to the scores of parameters above 0.8, then deletes scores above 40.
   */
  void populate() throws Exception;

  /** What the branch's code reports, reading its own tables and the pipeline's together. */
  List<String> report() throws Exception;

  /** A report on the pipeline's own tables only, which trunk can run before the merge. */
  List<String> pipelineReport() throws Exception;

  @Override
  default void close() throws Exception {}
}
