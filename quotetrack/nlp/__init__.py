from .pipeline import configured_pipeline, load_pipeline, pipeline_versions

__all__ = ["configured_pipeline", "load_pipeline", "pipeline_versions"]
