from .pipeline import load_pipeline, pipeline_versions

__all__ = ["load_pipeline", "pipeline_versions"]
