package org.djbranch.compat.orm;

import java.util.LinkedHashMap;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/**
 * The pipeline's statements as a MyBatis mapper. Statements differing between databases carry MyBatis's database id,
 * which it derives from the product name djbranch passes on from the wrapped driver.
 */
public interface EphysMapper {
  @Update("CREATE TABLE IF NOT EXISTS artifact_params (param_id INT NOT NULL, threshold DOUBLE PRECISION NOT NULL,"
      + " PRIMARY KEY (param_id))")
  void declareParams();

  @Update("CREATE TABLE IF NOT EXISTS artifact_score (subject_id INT NOT NULL, session_id INT NOT NULL,"
      + " recording_id INT NOT NULL, param_id INT NOT NULL, score DOUBLE PRECISION NOT NULL,"
      + " PRIMARY KEY (subject_id, session_id, recording_id, param_id),"
      + " CONSTRAINT artifact_score_recording_fk FOREIGN KEY (subject_id, session_id, recording_id)"
      + " REFERENCES recording (subject_id, session_id, recording_id),"
      + " CONSTRAINT artifact_score_params_fk FOREIGN KEY (param_id) REFERENCES artifact_params (param_id))")
  void declareScore();

  @Insert(databaseId = "mysql", value = "INSERT INTO artifact_params (param_id, threshold) VALUES (#{id}, #{threshold})"
      + " ON DUPLICATE KEY UPDATE threshold = VALUES(threshold)")
  @Insert(value = "INSERT INTO artifact_params (param_id, threshold) VALUES (#{id}, #{threshold})"
      + " ON CONFLICT (param_id) DO UPDATE SET threshold = excluded.threshold")
  void upsertParams(@Param("id") int id, @Param("threshold") double threshold);

  @Select("SELECT subject_id, session_id, recording_id, duration FROM recording"
      + " ORDER BY subject_id, session_id, recording_id")
  List<LinkedHashMap<String, Object>> recordings();

  @Select("SELECT param_id, threshold FROM artifact_params ORDER BY param_id")
  List<LinkedHashMap<String, Object>> params();

  @Insert("INSERT INTO artifact_score (subject_id, session_id, recording_id, param_id, score)"
      + " VALUES (#{subject}, #{session}, #{recording}, #{param}, #{score})")
  void insertScore(@Param("subject") int subject, @Param("session") int session, @Param("recording") int recording,
      @Param("param") int param, @Param("score") double score);

  @Update("UPDATE artifact_score SET score = score + 1"
      + " WHERE param_id IN (SELECT param_id FROM artifact_params WHERE threshold > #{above})")
  int raiseScores(@Param("above") double above);

  @Update("DELETE FROM artifact_score WHERE score > #{above}")
  int deleteScores(@Param("above") double above);

  @Select("SELECT s.species, a.subject_id, a.session_id, a.recording_id, a.param_id, a.score"
      + " FROM subject s JOIN artifact_score a ON a.subject_id = s.subject_id"
      + " ORDER BY a.subject_id, a.session_id, a.recording_id, a.param_id")
  List<LinkedHashMap<String, Object>> scores();

  @Select("SELECT r.subject_id, count(*) AS n FROM recording r JOIN artifact_score a ON a.subject_id = r.subject_id"
      + " AND a.session_id = r.session_id AND a.recording_id = r.recording_id GROUP BY r.subject_id"
      + " ORDER BY r.subject_id")
  List<LinkedHashMap<String, Object>> scoredRecordings();

  @Select("SELECT p.param_id, p.threshold, count(a.score) AS n FROM artifact_params p"
      + " LEFT JOIN artifact_score a ON a.param_id = p.param_id GROUP BY p.param_id, p.threshold ORDER BY p.param_id")
  List<LinkedHashMap<String, Object>> perParameter();

  @Select("SELECT count(*) FROM artifact_score WHERE subject_id = #{id}")
  long scoresOf(@Param("id") int id);

  @Select("SELECT s.species, count(*) AS n FROM subject s JOIN recording r ON r.subject_id = s.subject_id"
      + " GROUP BY s.species ORDER BY s.species")
  List<LinkedHashMap<String, Object>> recordingsPerSpecies();

  @Select("SELECT subject_id, session_id, recording_id, duration FROM recording WHERE subject_id = #{id}"
      + " ORDER BY recording_id")
  List<LinkedHashMap<String, Object>> recordingsOf(@Param("id") int id);
}
