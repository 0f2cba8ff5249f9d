package org.djbranch.compat.orm;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A table the branch adds. */
@Entity
@Table(name = "artifact_params")
public class ArtifactParams {
  @Id
  @Column(name = "param_id")
  Integer paramId;

  @Column(name = "threshold", nullable = false)
  double threshold;

  protected ArtifactParams() {}

  ArtifactParams(int paramId, double threshold) {
    this.paramId = paramId;
    this.threshold = threshold;
  }
}
