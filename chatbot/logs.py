"""JSON log lines for LOG_FORMAT=json: one object per line, for log shippers.

Fields: time (UTC, ISO 8601), level, logger, message, and any of CONTEXT_FIELDS passed with
`extra=` (`logger.info("applied", extra={"message_id": m.pk, "user_id": m.user_id})`), plus
the traceback as `exception`. A message's newlines stay inside the JSON string.
"""

import json
import logging
from datetime import UTC, datetime

CONTEXT_FIELDS = ("message_id", "user_id", "conversation_id", "job_id", "worker_id")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in CONTEXT_FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                entry[name] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        # default=str: an id passed as a UUID or a model's pk type still serialises.
        return json.dumps(entry, default=str, ensure_ascii=False)
