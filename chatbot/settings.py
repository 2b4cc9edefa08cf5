"""Django settings. Every knob comes from the environment; README.md lists them."""

import sys
from datetime import timedelta
from pathlib import Path
from urllib.parse import unquote, urlparse

from chatbot.env import env_bool, env_float, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
TESTING = "pytest" in sys.modules or env_bool("RECOLLECT_TESTING")

# The repository's key signs nothing real: chatbot.checks makes `check --deploy` (and every
# start with DEBUG off outside tests) fail while it is in use.
DEFAULT_SECRET_KEY = "dev-only-not-secret-change-me-in-production-0123456789"
SECRET_KEY = env_str("SECRET_KEY", DEFAULT_SECRET_KEY)
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# Websocket origins (scheme://host[:port]); default: http and https on ALLOWED_HOSTS at the
# default ports and at the port daphne serves (PORT). See chatbot.origins.
WS_ALLOWED_ORIGINS = env_list("WS_ALLOWED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "channels",
    "procrastinate.contrib.django",
    "axes",
    "csp",
    "chatbot",
    "memory",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "chatbot.middleware.reject_nul",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its lockout response.
    "axes.middleware.AxesMiddleware",
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "chatbot.urls"
ASGI_APPLICATION = "chatbot.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]


def _database() -> dict:
    url = env_str("DATABASE_URL")
    # Persistent connections: Channels closes "old" connections before every websocket
    # message, and with CONN_MAX_AGE = 0 each chat message paid for a new connection (AGE
    # loaded, session set up): ~10 ms before the message was even stored. The health check
    # replaces a connection the database dropped (a restart) instead of failing with it.
    options = {
        "ENGINE": "django.db.backends.postgresql",
        "CONN_MAX_AGE": 600,
        "CONN_HEALTH_CHECKS": True,
        # A stuck database must give a clear error within seconds, not hang every request.
        "OPTIONS": {
            "connect_timeout": env_int("DB_CONNECT_TIMEOUT", 5),
            "options": (
                f"-c statement_timeout={env_int('DB_STATEMENT_TIMEOUT_MS', 30000)}"
                f" -c lock_timeout={env_int('DB_LOCK_TIMEOUT_MS', 10000)}"
            ),
        },
    }
    if url:
        parsed = urlparse(url)
        options.update(
            NAME=parsed.path.lstrip("/"),
            USER=unquote(parsed.username or ""),
            PASSWORD=unquote(parsed.password or ""),
            HOST=parsed.hostname or "",
            PORT=str(parsed.port or ""),
        )
        return options
    from chatbot.embedded_db import ensure_server

    pgdata = Path(env_str("RECOLLECT_PGDATA", str(BASE_DIR / ".pgdata")))
    options.update(ensure_server(pgdata, env_str("RECOLLECT_DB_NAME", "recollect")))
    return options


DATABASES = {"default": _database()}
# Named explicitly so that the live-server test process (channels' DaphneProcess, which derives
# the test name again from NAME) connects to the same test database.
DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}"}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Workers publish each reply's events to the conversation's group; a long reply is a few
# hundred layer messages (chatbot.relay batches tokens), well under the capacity per channel.
if env_str("REDIS_URL"):
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                # redis-py 8 reads with a 5 s socket timeout by default, the same as the
                # layer's blocking receive (BZPOPMIN, 5 s): every idle socket then failed.
                "hosts": [{"address": env_str("REDIS_URL"), "socket_timeout": 15}],
                "capacity": 1000,
            },
        }
    }
else:
    CHANNEL_LAYERS = {
        "default": {"BACKEND": "channels.layers.InMemoryChannelLayer", "CONFIG": {"capacity": 1000}}
    }

# --- Message jobs (procrastinate; chatbot.jobs, chatbot.workers) ---------------------------------
# "inprocess": each daphne process runs a worker (the embedded default: one command, and the
# in-memory channel layer reaches only its own process). "external": `manage.py worker`
# processes run the jobs; needs REDIS_URL so that they reach every web process's sockets.
CHAT_WORKER = env_str("CHAT_WORKER", "external" if env_str("REDIS_URL") else "inprocess")
WORKER_CONCURRENCY = env_int("WORKER_CONCURRENCY", 4)
WORKER_HEARTBEAT_SECONDS = env_float("WORKER_HEARTBEAT_SECONDS", 5.0)
WORKER_STALLED_SECONDS = env_float("WORKER_STALLED_SECONDS", 20.0)
WORKER_SHUTDOWN_SECONDS = env_float("WORKER_SHUTDOWN_SECONDS", 30.0)
# Workers are woken by NOTIFY; polling is the backstop for a notification that was lost.
WORKER_POLL_SECONDS = env_float("WORKER_POLL_SECONDS", 1.0)
JOB_MAX_ATTEMPTS = env_int("JOB_MAX_ATTEMPTS", 10)  # 90 s of waits in all at 2 s
JOB_RETRY_WAIT = env_float("JOB_RETRY_WAIT", 2.0)
PROCRASTINATE_AUTODISCOVER_MODULE_NAME = None
PROCRASTINATE_IMPORT_PATHS = ["chatbot.jobs"]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
if TESTING:
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "chat"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-us"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
SERVE_STATIC = env_bool("SERVE_STATIC", True)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {name: {"level": "WARNING"} for name in ("pgserver", "httpx", "openai")},
    "root": {
        "handlers": ["console"],
        "level": env_str("LOG_LEVEL", "WARNING" if TESTING else "INFO"),
    },
}

# --- Production transport (docker/compose.yaml turns these on) -------------------------------
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", False)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
if env_bool("SECURE_PROXY_SSL_HEADER", False):
    # Only behind a proxy that sets (and strips from clients) X-Forwarded-Proto.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# No inline script or style anywhere (templates, chat.js); htmx's own indicator <style> is
# turned off by the htmx-config meta tag in base.html. ws: is covered by 'self' in Chromium
# and Firefox; listed for older browsers.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'", "ws:", "wss:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}

# --- Login throttling (django-axes) --------------------------------------------------------------
# Failures are counted per username+IP pair, so an attacker cannot lock a user out from elsewhere.
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_float("LOGIN_COOLOFF_MINUTES", 15.0))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_ENABLED = env_bool("LOGIN_THROTTLING", True)

# --- Chat -------------------------------------------------------------------------------------
# Messages larger than this are refused before anything is stored.
CHAT_MAX_MESSAGE_CHARS = env_int("CHAT_MAX_MESSAGE_CHARS", 8000)
# Flood control (chatbot.limits): messages per user per window, stored messages not finished yet
# (status pending) per user, open chat sockets per user in one process, and how long a socket
# waits for the database to store a message before telling the user.
CHAT_RATE_MESSAGES = env_int("CHAT_RATE_MESSAGES", 60)
CHAT_RATE_WINDOW = env_float("CHAT_RATE_WINDOW", 60.0)
CHAT_MAX_PENDING = env_int("CHAT_MAX_PENDING", 20)
CHAT_MAX_SOCKETS_PER_USER = env_int("CHAT_MAX_SOCKETS_PER_USER", 10)
CHAT_STORE_TIMEOUT = env_float("CHAT_STORE_TIMEOUT", 5.0)

# --- Memory engine ----------------------------------------------------------------------------
# offline (default, symbolic), vector-baseline (the papers' comparison point), llm (needs LLM_*).
MEMORY_ENGINE = env_str("MEMORY_ENGINE", "offline")
EMBEDDING_MODEL = "all-MiniLM-L6-v2-onnx-int8"
EMBEDDING_DIM = 384
# RecallM: hops, temporal weight, concepts per answer, temporal window (updates), context length.
RECALLM_HOPS = env_int("RECALLM_HOPS", 2)
RECALLM_ALPHA = env_float("RECALLM_ALPHA", 3.0)
RECALLM_MAX_CONCEPTS = env_int("RECALLM_MAX_CONCEPTS", 10)
RECALLM_WINDOW = env_int("RECALLM_WINDOW", 1000)
RECALLM_CONTEXT_LIMIT = env_int("RECALLM_CONTEXT_LIMIT", 12)
# ERASE: cosine similarity above which a stored fact counts as related to new input.
ERASE_SIMILARITY = env_float("ERASE_SIMILARITY", 0.7)
# Near-identical facts are reinforced instead of added again.
ERASE_DUPLICATE_SIMILARITY = env_float("ERASE_DUPLICATE_SIMILARITY", 0.95)
ANSWER_MAX_FACTS = env_int("ANSWER_MAX_FACTS", 5)

# --- LLM backend (any OpenAI-compatible endpoint) ------------------------------------------------
LLM_BASE_URL = env_str("LLM_BASE_URL")
LLM_API_KEY = env_str("LLM_API_KEY", "not-needed")
LLM_MODEL = env_str("LLM_MODEL")
LLM_UPDATE_MODEL = env_str("LLM_UPDATE_MODEL") or LLM_MODEL
LLM_TIMEOUT = env_float("LLM_TIMEOUT", 30.0)
# Bounds each structured (JSON) call: a small model can otherwise loop until its context ends.
LLM_MAX_TOKENS = env_int("LLM_MAX_TOKENS", 1024)
LLM_EMBEDDING_MODEL = env_str("LLM_EMBEDDING_MODEL")
# After a refused connection, timeout, 5xx or 429, skip the endpoint for this many seconds
# (messages go offline at once instead of each waiting for its own timeout).
LLM_RETRY_AFTER = env_float("LLM_RETRY_AFTER", 30.0)
# How structured calls ask for JSON: json_object (any server), json_schema (OpenAI structured
# outputs, vLLM, Ollama, LM Studio, llama-server) or json_object_schema (llama-cpp-python).
LLM_JSON_MODE = env_str("LLM_JSON_MODE", "json_object")

# --- Operations: probes, metrics, log format (chatbot.health, chatbot.metrics, chatbot.logs) ---
# /healthz, /readyz and /metrics are answered before any other middleware: probes and scrapes
# reach a container by its address (not in ALLOWED_HOSTS) over plain http (no https redirect).
MIDDLEWARE = ["chatbot.health.probe_middleware", *MIDDLEWARE]
# Deadline of each readiness check (database, model, queue, channel layer), in seconds.
READYZ_TIMEOUT = env_float("READYZ_TIMEOUT", 2.0)
# Set: /metrics requires `Authorization: Bearer <token>`. Unset: open (keep it off the proxy).
METRICS_TOKEN = env_str("METRICS_TOKEN")
# A process without a web server (manage.py worker) serves its metrics on this port (0: none).
METRICS_PORT = env_int("METRICS_PORT", 0)
# json: one JSON object per line (time, level, logger, message, message_id/user_id when given).
LOG_FORMAT = env_str("LOG_FORMAT", "plain")
if LOG_FORMAT == "json":
    LOGGING["formatters"] = {"json": {"()": "chatbot.logs.JsonFormatter"}}
    LOGGING["handlers"]["console"]["formatter"] = "json"
